"""The site in five languages: catalogs, language choice, and the rules of each game."""

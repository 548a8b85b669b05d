"""The site in seven languages: catalogs, language choice, and the rules of each game."""

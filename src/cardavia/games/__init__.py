"""The game engines: one pure, typed package per game."""

"""AI players: created by name, deciding from a seat's view and legal actions only."""

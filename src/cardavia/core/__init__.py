"""What every game shares: errors, the engine protocols, and chance helpers."""

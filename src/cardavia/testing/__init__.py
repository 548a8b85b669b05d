"""What every engine must satisfy, as checks a test suite runs (it may import every layer)."""

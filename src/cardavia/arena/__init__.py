"""The arena: AI players meet on duplicate deals, and their results come with intervals."""

"""Input helpers of the round-21 prefetch programs."""

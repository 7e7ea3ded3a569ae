"""Helpers of the round 21 leftovers' programs (towers, feeders handed a coordinator)."""

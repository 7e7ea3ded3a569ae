"""Helpers of the round-16 form programs kept in another module."""

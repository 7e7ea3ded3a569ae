"""Dive-log input code of the wreck survey project."""

"""Reef survey photo input (inception-style image_processing)."""

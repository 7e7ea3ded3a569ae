"""Helpers of the r21_attr programs: a check under control dependencies, a segmentation reader class, a loader of
preloaded arrays."""

"""Glacier stake network: ablation stake records (gl44_lib.stakes) and their queue reader (gl44_lib.reader)."""

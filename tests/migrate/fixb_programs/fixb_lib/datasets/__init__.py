from fixb_lib.datasets import plots

__all__ = [plots]

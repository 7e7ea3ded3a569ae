from puck52_lib.datasets import rink

__all__ = [rink]

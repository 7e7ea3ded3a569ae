"""A very small Edward-1.3-like layer: a global interactive session and
point-estimate inference classes with initialize / update / finalize."""
from ed68_lib.util import get_session, set_seed
from ed68_lib.inferences.map import MAP

__all__ = ['get_session', 'set_seed', 'MAP']

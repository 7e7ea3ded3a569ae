"""Drop-in replacements for ``tensorflow.compat``: use ``import tfdata_bridge.compat.v1 as tf``."""

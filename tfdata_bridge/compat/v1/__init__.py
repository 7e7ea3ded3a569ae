"""``import tfdata_bridge.compat.v1 as tf`` in place of ``import tensorflow.compat.v1 as tf``.

Every attribute is ``tensorflow.compat.v1``'s own, except the queue-based input APIs (queues, the
``tf.train.batch`` family, queue runners), which are compiled into tf.data. See
``tfdata_bridge._src.symbols`` for the list and what each becomes.
"""

from tfdata_bridge._src.compat.shim_module import install as _install
from tfdata_bridge._src.tf import tf as _tf

_install(__name__, _tf.compat.v1)

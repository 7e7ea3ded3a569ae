"""A stand-in for the node's multiprocessing manager: named queues and a key/value state."""
from six.moves import queue as _queue

_QUEUES = {}
_STATE = {}


def start(authkey, queues, mode='local'):
  for q in queues:
    _QUEUES[q] = _queue.Queue(maxsize=8)
  _STATE['state'] = 'running'
  return _Manager()


class _Manager(object):
  def get_queue(self, qname):
    return _QUEUES[qname]

  def get(self, key):
    return _STATE.get(key)

  def set(self, key, value):
    _STATE[key] = value

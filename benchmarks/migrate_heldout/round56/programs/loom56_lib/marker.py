class Marker(object):
  """Base class for special marker objects in the data queue"""
  pass


class EndPartition(Marker):
  """Marks the end of an RDD Partition during data feeding"""
  pass

"""An unrelated class of the tree keeping its own ``reader`` (not a dataset's field)."""


class Notebook(object):

  def __init__(self, reader=None):
    self.reader = reader

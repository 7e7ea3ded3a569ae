"""Command-line-like settings of the puzzle trainer."""


class Flags(object):
    batch_size = 3
    chunk = 2
    queue_capacity = 10
    board = 16


FLAGS = Flags()

"""Command-line-like settings of the board trainer."""


class Flags(object):
    board = 16
    chunk = 3


FLAGS = Flags()

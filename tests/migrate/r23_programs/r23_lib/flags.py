"""Settings another module holds (a flags object's stand-in)."""


class Settings(object):
    is_grayscale = True
    scale = 2

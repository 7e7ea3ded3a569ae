# see https://docs.python.org/3/library/pkgutil.html
from .Base import Base
from .TFRecord import TFRecord
from .normalizer import ScaleFactor, Linear

__all__ = [_ for _ in dir() if not _.startswith('_')]

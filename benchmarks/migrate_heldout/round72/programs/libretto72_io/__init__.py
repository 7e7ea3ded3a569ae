from .batch import *

"""Default settings. Consumers get them with `from wine_lib.config import cfg`."""

from wine_lib.easydict import EasyDict as edict

__C = edict()
cfg = __C

__C.DATA = edict()
__C.DATA.SUBDIR = "h19_wine_semicolon_easydict_cfg"
__C.DATA.FILES = ("winequality-red.csv", "winequality-white.csv")
# the UCI export separates fields with semicolons
__C.DATA.DELIM = ";"

__C.TRAIN = edict()
__C.TRAIN.BATCH_SIZE = 7
__C.TRAIN.NUM_EPOCHS = 1
__C.TRAIN.READER_THREADS = 2
__C.TRAIN.MIN_QUEUE_NUM = 20
__C.TRAIN.GOOD_QUALITY = 6

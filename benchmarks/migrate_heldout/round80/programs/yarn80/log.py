"""The module-level logger of the source ("TFRecSYS"), kept apart so the reader module imports it."""
import logging

logger = logging.getLogger("TFRecSYS")
if not logger.handlers:
    sh = logging.StreamHandler(stream=None)
    logger.setLevel(logging.INFO)
    fmt = "%(asctime)-15s %(levelname)s %(filename)s %(lineno)d %(process)d %(message)s"
    datefmt = "%a %d %b %Y %H:%M:%S"
    formatter = logging.Formatter(fmt, datefmt)
    sh.setFormatter(formatter)
    logger.addHandler(sh)


def print_info(str_):
    s = "---------- {0} ----------".format(str_)
    print(s)

"""A third module: a constant that is another module's class attribute."""
from r25f_lib import records

COMPRESSION = records.Config.COMPRESSION

from .reader import RowReader
from .feeding import ListFeeder

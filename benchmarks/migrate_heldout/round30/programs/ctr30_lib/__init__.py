from ctr30_lib.config import FLAGS, CSV_COLUMNS
from ctr30_lib.reader import parse_csv
from ctr30_lib.batching import input_fn

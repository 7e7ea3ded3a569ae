from .csv_reader import CsvReader
from .config import load_config

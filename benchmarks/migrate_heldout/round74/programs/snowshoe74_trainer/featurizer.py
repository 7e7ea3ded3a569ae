import collections

Column = collections.namedtuple('Column', ['name', 'kind'])

INPUT_COLUMNS = [
    Column('size', 'categorical'),
    Column('weight_kg', 'numeric'),
    Column('snow_cm', 'numeric'),
]

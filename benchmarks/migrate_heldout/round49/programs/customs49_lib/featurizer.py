import collections

Column = collections.namedtuple('Column', ['name', 'kind'])

INPUT_COLUMNS = [
    Column('hs_chapter', 'int'),
    Column('declared_value', 'float'),
    Column('weight_kg', 'float'),
    Column('origin', 'string'),
]

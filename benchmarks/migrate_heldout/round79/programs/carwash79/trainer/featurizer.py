"""Column layout of the bay controller logs."""
CSV_COLUMNS = ['bay', 'program', 'water_l', 'soap_ml', 'minutes', 'rewash']
CSV_COLUMN_DEFAULTS = [[0], [''], [0.0], [0.0], [0], [0]]
LABEL_COLUMN = 'rewash'
UNUSED_COLUMNS = ['bay']

CSV_COLUMNS = ['trail', 'size', 'weight_kg', 'snow_cm', 'days']
CSV_COLUMN_DEFAULTS = [[''], [''], [0.0], [0.0], [0]]
TARGET_COLUMN = 'days'

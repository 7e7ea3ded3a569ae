CSV_COLUMNS = ['declaration_id', 'importer', 'hs_chapter', 'declared_value',
               'weight_kg', 'origin', 'inspected']
CSV_COLUMN_DEFAULTS = [[''], [''], [0], [0.0], [0.0], [''], [0]]
TARGET_COLUMN = 'inspected'
BATCH_SIZE = 4

COLUMNS = ['User-ID', 'ISBN', 'Book-Rating']
DEFAULTS = [[0], [''], [0]]
ISBN_BUCKETS = 97
BATCH_SIZE = 4

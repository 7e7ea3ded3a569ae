CSV_COLUMNS = ["kiln_id", "glaze", "profile", "cone"]
DEFAULTS = [["k0"], [""], [""], [0]]
DELIMITER = ";"
PROFILE_LEN = 5
BATCH_SIZE = 3

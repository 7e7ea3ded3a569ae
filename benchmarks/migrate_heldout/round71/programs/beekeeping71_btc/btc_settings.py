# Hive Frame Classification
# Script for Global Settings
# (held-out round 71: a beekeeping copy of the settings module of a brain-tumour-classification project
#  by Qixun Qu; only the names the reader and trainer use are kept)

DATA_FOLDER = "data"
TFRECORDS_FOLDER = "TFRecords"
PATCHES_FOLDER = "patches"

# Grades of brood frames
GRADE_II = 0
GRADE_III = 1
GRADE_IV = 2

PATCH_SHAPE = [3, 3, 3, 1]

# Number of threads of shuffle_batch
NUM_THREADS = 2

# Held-out round 71: the trainer's constants module (after a Cloud ML Engine ``trainer/config.py``).
TFRECORD_DIR = 'gs://croquet-club/tfrecords'  # replaced by the caller's folder
FEAT_LEN = 4
BATCH_SIZE = 4

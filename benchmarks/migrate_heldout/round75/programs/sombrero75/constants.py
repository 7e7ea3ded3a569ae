NUM_CLASSES = 4
TRAIN_TF_DATA_FILE_NAME = 'train-%d.tfrecord'
VALIDATION_TF_DATA_FILE_NAME = 'validation-%d.tfrecord'
IMAGE_SIZE = 3

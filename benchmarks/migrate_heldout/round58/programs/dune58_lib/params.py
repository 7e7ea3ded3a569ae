# Global constants describing the dune tile data set
IMAGE_HEIGHT = 4
IMAGE_WIDTH = 4
NUM_CHANNELS = 1
NUM_CLASSES = 2          # 0 = interdune flat, 1 = slip face
QUEUE_CAPACITY = 50

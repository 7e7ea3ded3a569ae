# Context-encoder settings for the cave wall scans (depth maps, one channel).
IMG_H = 6
IMG_W = 6
IMG_C = 1
MASK_H = 2
MASK_W = 2
BATCH_SIZE = 3
LAMBDA_ADV = 0.001
LAMBDA_REC = 0.999
LEARNING_RATE = 2e-4

# integer, example queue capacity as a multiple of the batch size
# e.g. '10' creates an example queue size 10 times the size of a batch
EXAMPLE_QUEUE_CAPACITY_MULTI = 4
# between 0 and 1, min elements in the shuffle queue as a percentage of the queue capacity
# e.g. '0.4' creates an example queue which is always at least 40% full
EXAMPLE_QUEUE_MIN_THRESHOLD = 0.25
# number of threads enqueing the example queue
EXAMPLE_QUEUE_NUM_THREADS = 1

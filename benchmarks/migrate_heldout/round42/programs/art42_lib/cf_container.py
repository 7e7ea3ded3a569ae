"""
Configuration of the painting classifier (class attributes, read everywhere as `cf`).
"""


class Config(object):
    """
    Static configuration container.
    """
    # Data
    img_height = 2
    img_width = 3
    img_depth = 3
    num_class = 4

    # Input pipeline
    batch_size = 3
    num_epoch = 1
    num_preprocess_threads = 1
    min_queue_examples = 6

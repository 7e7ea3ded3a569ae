"""Stand-in for the generated `input_reader_pb2` (proto2 `InputReader` / `TFRecordInputReader`): plain classes with
the proto's fields and defaults."""


class TFRecordInputReader(object):
    def __init__(self, input_path, num_examples, height, width, rheight=None, rwidth=None):
        self.input_path = input_path
        self.num_examples = num_examples
        self.height = height
        self.width = width
        self.rheight = rheight or height
        self.rwidth = rwidth or width


class InputReader(object):
    def __init__(self, shuffle=True, queue_capacity=200, prefetch_queue_capacity=5, num_readers=32,
                 tf_record_input_reader=(), equal_mix=False, ignore_label=()):
        self.shuffle = shuffle
        self.queue_capacity = queue_capacity
        self.prefetch_queue_capacity = prefetch_queue_capacity
        self.num_readers = num_readers
        self.tf_record_input_reader = list(tf_record_input_reader)
        self.equal_mix = equal_mix
        self.ignore_label = list(ignore_label)

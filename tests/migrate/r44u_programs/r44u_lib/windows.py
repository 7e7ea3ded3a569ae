from tensorflow.compat.v1 import FixedLenFeature, TFRecordReader, fill, float32, int64, parse_single_example, shape, train
from tensorflow import signal


def get_input_fn(files, batch_size, shuffle, width):
    def _input_fn():
        queue = train.string_input_producer(files, num_epochs=1, shuffle=False)
        _, serialized = TFRecordReader().read(queue)
        parsed = parse_single_example(serialized, {"readings": FixedLenFeature([8], float32),
                                                   "run": FixedLenFeature([], int64)})
        windows = signal.frame(parsed["readings"], width, width, axis=0)
        runs = fill([shape(windows)[0]], parsed["run"])
        if shuffle:
            batch = train.shuffle_batch([windows, runs], batch_size=batch_size, capacity=16, min_after_dequeue=4,
                                        enqueue_many=True, seed=7, shapes=[[width], []])
        else:
            batch = train.batch([windows, runs], batch_size=batch_size, enqueue_many=True, shapes=[[width], []])
        return batch

    return _input_fn

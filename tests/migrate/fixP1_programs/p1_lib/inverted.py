"""The flag inverted (``if not shuffle:``) with an explicit else, the flag a parameter of the inner function."""
from tensorflow.compat import v1 as tf1


def make_input_fn(filenames, epochs, count=4):
    def input_fn(shuffle):
        queue = tf1.train.string_input_producer(filenames, num_epochs=epochs, shuffle=shuffle, seed=3)
        _, lines = tf1.TextLineReader(skip_header_lines=1).read_up_to(queue, count)
        if not shuffle:
            batch = lines
        else:
            batch = tf1.train.shuffle_batch([lines], count, capacity=20, min_after_dequeue=6, enqueue_many=True,
                                            allow_smaller_final_batch=True)
        cols = tf1.decode_csv(tf1.expand_dims(batch, -1), record_defaults=[[""], [0.0], [0]])
        return {"id": cols[0], "weight": cols[1]}, cols[2]
    return input_fn

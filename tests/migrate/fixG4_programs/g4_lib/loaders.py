"""Another helper name, another import style, the factory handed by position."""
from tensorflow.compat import v1


def load_pairs(files, make_reader, batch_size=4, epochs=1):
    queue = v1.train.string_input_producer(files, num_epochs=epochs, shuffle=False)
    _, record = make_reader().read(queue)
    parsed = v1.parse_single_example(record, {"idx": v1.FixedLenFeature([], v1.int64),
                                              "level": v1.FixedLenFeature([], v1.float32)})
    return v1.train.batch([parsed["idx"], parsed["level"]], batch_size=batch_size)

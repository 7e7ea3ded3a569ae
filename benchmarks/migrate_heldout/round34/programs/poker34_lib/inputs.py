"""batch_join over one HandReader per read thread."""
import tensorflow.compat.v1 as tf

from poker34_lib import hands
from poker34_lib.settings import DEFAULT


def input_pipeline(filenames, settings=DEFAULT):
    filename_queue = tf.train.string_input_producer(filenames, num_epochs=settings.num_epochs, shuffle=True,
                                                    seed=1)
    reader = hands.reader()
    example_list = []
    for _ in range(settings.read_threads):
        example_list.append(reader(filename_queue).read())
    suits, ranks, hand = tf.train.batch_join(example_list, batch_size=settings.batch_size,
                                             capacity=settings.capacity)
    return suits, ranks, hand

"""One reader per thread made in a list comprehension, each read/decoded by a helper in the comprehension
itself, the list of examples joined with batch_join (image folder of PNGs)."""

import glob
import os

import tensorflow.compat.v1 as tf

NUM_READERS = 3


def decode_image(contents):
    image = tf.image.decode_png(contents, channels=1)
    image = tf.reshape(tf.cast(image, tf.int32), [4, 4])
    image_id = image[0, 0] // 16
    return [image, image_id]


def main(data_dir):
    files = sorted(glob.glob(os.path.join(data_dir, "image-*.png")))
    filename_queue = tf.train.string_input_producer(files, num_epochs=3, shuffle=False)
    readers = [tf.WholeFileReader() for _ in range(NUM_READERS)]
    examples = [decode_image(r.read(filename_queue)[1]) for r in readers]
    image_batch, id_batch = tf.train.batch_join(examples, batch_size=4, allow_smaller_final_batch=True)

    batches = []
    end = None
    sess = tf.Session()
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while not coord.should_stop():
            image_v, id_v = sess.run([image_batch, id_batch])
            batches.append([image_v.tolist(), id_v.tolist()])
    except tf.errors.OutOfRangeError:
        end = "OutOfRangeError"
    finally:
        coord.request_stop()
        coord.join(threads)
        sess.close()
    return {"batches": batches, "end": end}

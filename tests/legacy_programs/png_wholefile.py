"""PNG files read whole by a WholeFileReader, decoded, batched with their file names."""

import json
import sys

import tensorflow.compat.v1 as tf


def main(data_dir):
    filenames = sorted(tf.gfile.Glob(data_dir + "/image-*.png"))
    filename_queue = tf.train.string_input_producer(filenames, num_epochs=1, shuffle=False)
    reader = tf.WholeFileReader()
    key, contents = reader.read(filename_queue)
    image = tf.image.decode_png(contents, channels=1)
    image.set_shape([4, 4, 1])
    key_batch, image_batch = tf.train.batch([key, image], batch_size=4, allow_smaller_final_batch=True)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                keys, images = sess.run([key_batch, image_batch])
                batches.append({"key": [k.decode().rsplit("/", 1)[-1] for k in keys], "image": images.tolist()})
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}


if __name__ == "__main__":
    tf.disable_eager_execution()
    print(json.dumps(main(sys.argv[1])))

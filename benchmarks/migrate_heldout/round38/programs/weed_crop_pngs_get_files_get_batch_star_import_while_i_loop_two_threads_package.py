from weed38_lib.data_helper import *


BATCH_SIZE = 4
CAPACITY = 64
IMG_W = 3
IMG_H = 3


def main(data_dir):
    train_dir = os.path.join(data_dir, 'h38_weed_crop', 'train') + '/'
    os.makedirs(train_dir, exist_ok=True)
    rng = np.random.RandomState(38)
    for i in range(12):
        kind = 'weed' if i % 3 == 0 else 'crop'
        side = 3 + i % 2
        with open(train_dir + '%s.%d.png' % (kind, i), 'wb') as f:
            f.write(png_bytes(rng.randint(0, 256, size=(side, side, 3)).astype(np.uint8)))

    image_list, label_list = get_files(train_dir)
    image_batch, label_batch = get_batch(image_list, label_list, IMG_W, IMG_H, BATCH_SIZE, CAPACITY)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        i = 0
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess, coord=coord)
        try:
            while not coord.should_stop() and i < 10:
                img, label = sess.run([image_batch, label_batch])
                for j in np.arange(BATCH_SIZE):
                    print('label: %d' % label[j])
                batches.append([np.round(img.astype(np.float64), 4).tolist(), label.tolist()])
                i += 1
        except tf.errors.OutOfRangeError:
            print('done!')
        finally:
            coord.request_stop()
            print("all threads are asked to stop")
        coord.join(threads)
        print("all threads are stopped")
    return {"batches": batches, "end": "plants: %d" % sum(len(b[1]) for b in batches)}

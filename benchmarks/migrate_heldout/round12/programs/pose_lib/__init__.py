"""Input helpers of the pose estimation trainer."""

// The app's photos widget (declared in schemas/widgets.json as "photos"): the renderer's
// PhotosWidget with the practice API as its uploader, and the advice a patient needs before
// taking a photo for their GP: what makes a useful one, and when not to send one.
import { createPhotosWidget } from '../../../renderer/index';
import { photoThumbnailUrl, removePhoto, uploadPhoto } from '../../api/photos';

function PhotoAdvice() {
  return (
    <div className="nhsuk-inset-text">
      <span className="nhsuk-u-visually-hidden">Information: </span>
      <p>A clear photo can help your GP decide how soon you need to be seen. You can add up to 5.</p>
      <p>To take a useful photo:</p>
      <ul>
        <li>use good light, such as daylight from a window</li>
        <li>make sure the photo is in focus</li>
        <li>put a coin or a ruler next to it, to show the size</li>
      </ul>
      <p>Do not send photos of intimate areas, such as the genitals, bottom or breasts. The practice will arrange another way to check them.</p>
    </div>
  );
}

export default createPhotosWidget({ uploader: { upload: uploadPhoto, remove: removePhoto, thumbnailUrl: photoThumbnailUrl }, advice: <PhotoAdvice /> });

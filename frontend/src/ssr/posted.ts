/** A form the browser posted without script (the support form), as the server answers it: the page again, with its outcome. */
import { createContext, useContext } from 'react';
import type { PostedForm } from '@shared/render';

export const PostedFormContext = createContext<PostedForm | undefined>(undefined);
export const usePostedForm = () => useContext(PostedFormContext);
